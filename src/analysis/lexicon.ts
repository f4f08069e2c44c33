import { lazyRecord } from "./lazy-record.js";
import { RUSSIAN_LEXICON_PACKED } from "./russian-lexicon-packed.js";

// The bundled query-expansion lexicon: Russian and Chinese developer and office
// vocabulary, slang included, mapped to the English words tool names and descriptions use.
// It is the toolsift team's own hand-written data, generic on purpose: no tool, server,
// catalogue or product names on either side, so it helps any catalogue equally and cannot be
// tuned to one benchmark.
//
// The Russian half is written in ./russian-lexicon.ts (its keys are explained there) and
// bundled packed. Chinese keys are 2–4 character words, matched against the query's character
// bigrams, so a key matches wherever its characters stand together; a word a request often
// splits with a measure word or `一下` gets the split form as a key of its own. Values are
// lower-case English words; a phrase is several words ("pull", "request").

// One line per meaning: its forms, `=`, and the English words for it, each list separated by
// spaces. Plain text is about the smallest form a bundle can carry.

const CHINESE = [
  // code hosting
  `代码=code
仓库 代码库=repository repo
分支=branch
提交=commit submit
推送=push
拉取=pull fetch
合并=merge
合并请求=merge request
代码审查 审查 评审=review
审批=approve
克隆=clone`,
  // trackers and planning
  `问题=issue
缺陷 漏洞=bug
工单=ticket issue
任务=task
待办=todo task
需求=requirement story
迭代 冲刺=sprint iteration cycle
里程碑=milestone
项目=project
看板=board
卡片=card
标签=label tag
评论 备注=comment`,
  // releases and CI
  `版本=version release
发布=release publish deploy
上线=deploy release
部署=deploy deployment
回滚=rollback
构建 编译=build
流水线=pipeline
测试=test
用例=test case
代码检查=lint`,
  // errors and observability
  `日志=log
错误 报错=error
异常=exception error
崩溃 闪退=crash
失败=failure failed
指标=metric
监控=monitor
告警 报警=alert monitor
仪表盘 仪表板=dashboard
事故 故障=incident
静默=mute
停机 维护=downtime maintenance
性能=performance`,
  // infrastructure
  `集群=cluster
容器=container
镜像=image
命名空间=namespace
副本=replica
扩容 缩容=scale
节点=node
服务=service
服务器=server
主机=host
生产 线上=production
环境=environment
域名=domain
备份=backup
快照=snapshot
防火墙=firewall
证书=certificate
虚拟机=virtual machine`,
  // data
  `数据库=database
表格=spreadsheet table sheet
工作表=sheet worksheet
字段=field column
查询=query search
迁移=migration
集合=collection
索引=index
记录=record
文档=document doc documentation`,
  // documents and files
  `文件=file
文件夹 目录=folder directory
云盘 网盘=drive
页面=page
网页=webpage page
网站=website site
链接 网址=link url
笔记=note
知识库 维基=wiki knowledge
截图 截屏=screenshot
图片 照片=image
视频=video
报告 周报=report
幻灯片 演示文稿=presentation slide
图表=chart
柱状图=column bar chart
条形图=bar chart
饼图=pie chart
折线图=line chart
流程图=flow diagram flowchart
思维导图 脑图=mind map
词云=word cloud
散点图=scatter chart
漏斗图=funnel chart`,
  // messages, mail and meetings
  `邮件=email mail
邮箱=mailbox email
收件箱=inbox
草稿=draft
附件=attachment
消息=message
聊天 群聊=chat
群组=group
频道=channel
通知=notification
提醒=reminder
会议 开会 例会=meeting event calendar
日历=calendar
日程=schedule event calendar
活动=event activity
邀请=invitation invite
预约=schedule appointment
空闲 有空=free availability`,
  // people and business
  `联系人 通讯录=contact
客户=customer client
用户=user
成员=member
团队=team
账号 账户=account
组织=organization
工作区=workspace
支付 付款=payment
发票=invoice
账单=bill invoice billing
订单=order
商品=product
店铺=store shop
订阅=subscription`,
  // web and browser
  `搜索=search
查找=find search
浏览器=browser
标签页=tab
按钮=button
点击=click
表单=form
填写=fill
控制台=console
爬取 爬虫=crawl
抓取=scrape crawl fetch
新闻=news
论文=paper
文章=article`,
  // places and travel
  `地图=map
路线 路径=route directions
导航=directions navigation
驾车 开车=driving
步行=walking
骑行=bicycling cycling riding
公交 地铁=transit
距离=distance
地址=address
坐标 经纬度=coordinates
附近 周边=nearby around
餐厅=restaurant
天气=weather
预报=forecast
气温=temperature
路况 拥堵=traffic
航班 机票=flight
机场=airport
酒店 民宿=accommodation listing hotel
菜谱 食谱=recipe`,
  // devices and misc
  `手机=phone mobile device
设备=device
模拟器=emulator simulator
应用=app application
功能开关=feature flag
开关=flag toggle
翻译=translate translation
密码=password
权限=permission access
密钥=key secret
令牌=token
变量=variable
函数=function
脚本=script
接口=api endpoint
请求=request
依赖=dependency
记忆=memory
实体=entity`,
  // actions
  `创建 新建=create
添加 新增=add
删除 移除=delete remove
更新=update
修改 编辑=update edit
重命名=rename
移动=move
复制=copy
上传=upload
下载=download
分享 共享=share
发送=send
回复=reply
转发=forward
取消=cancel
接受=accept
拒绝=decline reject
同步=sync
生成=generate
绘制=draw generate
列出=list
查看=view show
读取=read
写入=write
保存=save
导出=export
导入=import
归档=archive
分配 指派=assign
标记=mark
完成=complete done
关闭=close
打开=open
检查=check
比较 对比=compare diff
分析=analyze
统计=stats count
运行=run
执行=execute run
触发=trigger run
重启=restart
启动=start
停止=stop
安装=install
卸载=uninstall
启用=enable
禁用=disable
记住=remember memory`,
  // more: everyday phrasing
  `截个图 截一下=screenshot
屏幕=screen
搜一下 查一下=search find
列一下=list
起草=draft
发条=send post
建群=group chat
小组=group team
安排 约一个=schedule
建一个 拉一个=create
画一=draw generate
显示=show display
多远=distance
多久=duration time
怎么走=directions route
自行车=bicycling cycling
地方 位置=place location
正文 内容=content text
文字 文本=text
提取=extract
修复=fix
标题=title
登录=login sign
调用=call invoke
端口=port
配置 设置=config settings configure
规则 过滤=rule filter
私有=private
公开=public
改动 变更=change diff
未读=unread
关掉=disable off turn
开启=enable
追加=append add
一行=row
一列=column
移到=move
最近 最新=recent latest
挂了=failed failure down
销售=sale
公司=company
流程=process workflow flow
预订 预定=book booking reservation
火车=train
价格=price
股价 股票=stock price
汇率=exchange rate currency
音乐=music song
歌单=playlist
语音=voice speech
总结 摘要=summary summarize
模板=template
状态=status
优先级=priority
截止=due deadline`,
].join("\n");

// The packed Russian table writes each Cyrillic letter of a key as the Latin letter or digit
// at its place here (`а`…`я`, U+0430–U+044F, in order): one byte instead of two in UTF-8, and
// much like the English words, which gzip then codes alike (about 900 B less gzipped).
export const RUSSIAN_LETTERS = "abvgdejziyklmnoprstufhcxwq012345";

/** The Russian table from its packed form: the keys of each line back in Cyrillic. */
export function unpackRussian(packed: string): string {
  return packed.replace(/[^=\n]+=/g, (forms) => forms.replace(/[a-z0-5]/g, (letter) => String.fromCharCode(0x430 + RUSSIAN_LETTERS.indexOf(letter))));
}

function buildLexicon(table: string): Readonly<Record<string, readonly string[]>> {
  // A null prototype, so a host looking up an arbitrary word never finds `constructor`.
  const lexicon: Record<string, readonly string[]> = Object.create(null);
  for (const line of table.split("\n")) {
    const [forms = "", english = ""] = line.split("=");
    const words = english.split(" ");
    for (const form of forms.split(" ")) {
      // A form listed under two meanings keeps both, in table order.
      const known = lexicon[form] ?? [];
      lexicon[form] = Object.freeze([...known, ...words.filter((word) => !known.includes(word))]);
    }
  }
  return Object.freeze(lexicon);
}

/**
 * The default query-expansion lexicon: Russian and Chinese developer and office
 * words, slang included, mapped to English words as tool names and descriptions use them.
 * Expansion terms score below the query's own terms; pass your own lexicon or none to
 * change that.
 *
 * @example
 * TRANSLATION_LEXICON["пулреквест"]; // ["pull", "request"]
 * TRANSLATION_LEXICON["выкати"]; // ["deploy", "release"]
 * TRANSLATION_LEXICON["合并请求"]; // ["merge", "request"]
 *
 * Built from its packed text the first time it is read, not at import.
 */
export const TRANSLATION_LEXICON: Readonly<Record<string, readonly string[]>> = lazyRecord(() => buildLexicon(`${unpackRussian(RUSSIAN_LEXICON_PACKED)}\n${CHINESE}`));
